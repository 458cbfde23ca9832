/**
 * The API facts live in contracts/facts/, where the docs pages, the sample writers and the content tests import
 * them. This re-export is for the Try it panel only, until its split moves its imports there too; then it goes.
 */
export * from '../contracts/facts';
