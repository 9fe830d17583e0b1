/**
 * What the server entry hands every request through React Router's typed
 * context (getLoadContext in app/http/express-app.server.ts): the App, built
 * once by createApp, and what the entry knows about this request.
 */
import { createContext, type RouterContextProvider } from "react-router";
import type { App } from "./app-type.server";

export const appContext = createContext<App>();

export function getAppFromContext(context: Readonly<RouterContextProvider>): App {
  return context.get(appContext);
}

/** The request as the server entry saw it. */
export interface RequestInfo {
  /** Also sent back as X-Request-Id and written in the request's log line. */
  requestId: string;
  /**
   * The client's address: the socket's peer, or what a proxy named in
   * TRUST_PROXY forwarded (app/server/security/trust-proxy.server.ts). Never
   * taken from a header the client could have written itself.
   */
  clientAddress: string | null;
  /** Filled in by the root middleware for the request's log line. */
  userId?: number;
}

export const requestInfoContext = createContext<RequestInfo>();

export function getRequestInfo(context: Readonly<RouterContextProvider>): RequestInfo {
  return context.get(requestInfoContext);
}

/** The request's real client address (see RequestInfo.clientAddress). */
export function clientAddress(context: Readonly<RouterContextProvider>): string | null {
  return context.get(requestInfoContext).clientAddress;
}
