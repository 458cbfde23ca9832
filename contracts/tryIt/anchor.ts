/**
 * The anchor of an operation's Try it panel on its endpoint page (`#try-it-placeEquityOrder`): the endpoint page
 * (src/components/ApiEndpoint) sets it, and the /api reference's link to the panel (plugins/api-reference) names it.
 */
export const tryItAnchor = (operationId: string) => `try-it-${operationId}`;
