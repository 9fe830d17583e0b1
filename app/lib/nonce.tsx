import { createContext, useContext } from "react";

/** The per-request CSP nonce. Set on the server only; browsers hide it from the DOM. */
export const NonceContext = createContext<string>("");
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
