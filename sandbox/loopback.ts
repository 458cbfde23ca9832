/** The names by which a page or client on this machine reaches the sandbox: contracts/net/loopback.ts's rule. */
export { isLoopbackHost, isLoopbackOrigin } from '../contracts/net/loopback';
