/** Redoc's own copy of marked (4.3, untyped), which draws the descriptions' Markdown in the reference. */
declare module 'redoc/node_modules/marked' {
  export const marked: { parse(markdown: string, options?: { readonly gfm?: boolean }): string };
}
