/** The message of the 401 answered for an expired token; the client logs out when it sees it. */
export const TOKEN_EXPIRED_MESSAGE = 'Token Expired';
