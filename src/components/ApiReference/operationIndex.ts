/** The operations of an OpenAPI description, in document order, for the reference page's index. */
export interface IndexedOperation {
  readonly operationId: string;
  readonly method: string;
  readonly path: string;
  readonly summary: string;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'] as const;

type PathItem = Partial<Record<(typeof METHODS)[number], { operationId?: string; summary?: string }>>;

export function operationIndex(description: { readonly paths?: Record<string, PathItem> }): IndexedOperation[] {
  return Object.entries(description.paths ?? {}).flatMap(([path, item]) =>
    METHODS.flatMap((method) => {
      const operation = item[method];
      if (!operation?.operationId) return [];
      return [
        { operationId: operation.operationId, method: method.toUpperCase(), path, summary: operation.summary ?? '' },
      ];
    }),
  );
}

/** Redoc's anchor for an operation, which the docs pages link to. */
export const operationAnchor = (operationId: string): string => `operation/${operationId}`;
