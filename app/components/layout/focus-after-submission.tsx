import { useContext, useEffect, useRef } from "react";
import { UNSAFE_DataRouterStateContext, useLocation, useNavigation } from "react-router";

/**
 * After a form that redirects (post, redirect, get: PRG) the browser would
 * keep the focus on the button that was pressed, which may now be another
 * button (Start turns into Close) or be gone. With JavaScript on, once such a
 * submission has been answered by a redirect, the focus moves to the page's
 * main heading (`<main> h1`), or to `<main>` when it has none (ADR 220); the
 * flash message is a live region and is read out without the focus. A
 * submission answered with data instead (a form with errors, a field list's
 * "Add another row") is left alone: the form keeps or places the focus itself.
 * (React Router keeps an action's data in its state, and drops it on a
 * redirect; the router state is read from its context, which React Router
 * exports as UNSAFE_DataRouterStateContext.) Without JavaScript every answer is a
 * new page and the focus starts at its top. Toasts (sonner) are never focused.
 */
export function FocusAfterSubmission() {
  const navigation = useNavigation();
  const location = useLocation();
  const routerState = useContext(UNSAFE_DataRouterStateContext);
  const answeredWithData = Boolean(routerState?.actionData);
  const submittedFrom = useRef<string | null>(null);
  const submitting =
    navigation.state !== "idle" && navigation.formMethod !== undefined && navigation.formMethod.toUpperCase() !== "GET";

  useEffect(() => {
    if (navigation.state !== "idle") {
      if (submitting) submittedFrom.current ??= location.key;
      return;
    }
    const from = submittedFrom.current;
    submittedFrom.current = null;
    if (from !== null && from !== location.key && !answeredWithData) focusMainHeading();
  }, [navigation.state, submitting, location.key, answeredWithData]);

  return null;
}

function focusMainHeading(): void {
  const main = document.querySelector<HTMLElement>("main#main");
  if (!main) return;
  const target = main.querySelector<HTMLElement>("h1") ?? main;
  if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
  target.focus();
}
