import { HTTP_METHODS } from '@site/openapi/document';

/** The operations of an OpenAPI description, in document order, for the reference page's index. */
export interface IndexedOperation {
  readonly operationId: string;
  readonly method: string;
  readonly path: string;
  readonly summary: string;
}

type PathItem = Partial<Record<(typeof HTTP_METHODS)[number], { operationId?: string; summary?: string }>>;

export function operationIndex(description: { readonly paths?: Record<string, PathItem> }): IndexedOperation[] {
  return Object.entries(description.paths ?? {}).flatMap(([path, item]) =>
    HTTP_METHODS.flatMap((method) => {
      const operation = item[method];
      if (!operation?.operationId) return [];
      return [
        { operationId: operation.operationId, method: method.toUpperCase(), path, summary: operation.summary ?? '' },
      ];
    }),
  );
}
