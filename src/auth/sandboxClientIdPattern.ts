/**
 * What a sandbox client id may look like; anything else in a claim is ignored, so a sample can only gain a plain
 * word. A module of its own: the sign-in engine (reading the claim, `./sandboxClientIdClaim`) and the samples'
 * substitution (`./personalValues`, downloaded only for a reader with a client id) each take it without the other.
 */
export const CLIENT_ID = /^[\w.:-]{1,128}$/;
