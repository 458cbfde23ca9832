/** The anchor of an operation's Try it panel on its endpoint page (`#try-it-placeEquityOrder`): the /api link opens it. */
export const tryItAnchor = (operationId: string) => `try-it-${operationId}`;
