import { createContext, type RouterContextProvider } from "react-router";
import type { App } from "./app.server";

/** The process's App (config + db), set by the root middleware for every request. */
export const appContext = createContext<App>();

export function getAppFromContext(context: Readonly<RouterContextProvider>): App {
  return context.get(appContext);
}
