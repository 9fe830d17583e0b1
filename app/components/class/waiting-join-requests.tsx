import "./waiting-join-requests.css";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { Button } from "~/components/ui/kit-controls";
import type { WaitingJoinRequest as Request } from "~/server/class-codes/join-requests.server";

type WaitingJoinRequest = Pick<
  Request,
  "id" | "name" | "studentId" | "deviceBrowser" | "deviceSystem" | "tokenKind" | "minutesAgo"
>;

/** "Chrome on Android", from what the device's User-Agent said. */
function deviceText(t: TFunction, request: WaitingJoinRequest): string {
  const { deviceBrowser: browser, deviceSystem: system } = request;
  if (browser && system) return t("{browser} on {system}", { browser, system });
  if (browser || system) return (browser ?? system) as string;
  return request.tokenKind === "app" ? t("the student app") : t("an unknown browser");
}

/**
 * Devices waiting for the teacher (docs/product.md#student-identity), newest
 * first, each with its browser and system and when it asked, and Admit and
 * Refuse: plain forms posting to the page's own action (intents
 * "admit-request" and "refuse-request"), so they work without JavaScript.
 * Nothing is drawn when nobody is waiting. Only the teacher's own screens
 * show it; the projector shows a count (WaitingCount).
 */
export function WaitingJoinRequests({
  requests,
  className,
  from,
}: {
  requests: WaitingJoinRequest[];
  className?: string;
  /** Decided from the Students page: the forms post to the class home's action, which comes back here. */
  from?: { action: string; page: "students" };
}) {
  const { t } = useTranslation("staff");
  if (requests.length === 0) return null;
  return (
    <section className={className ?? "waiting-requests"} aria-labelledby="waiting-requests-heading">
      <h2 id="waiting-requests-heading" className="waiting-requests-heading">
        {t("Waiting to join")}
      </h2>
      <ul className="waiting-requests-list" aria-live="polite">
        {requests.map((request) => {
          const name = request.name;
          return (
            <li key={request.id} className="waiting-request" data-testid="waiting-request">
              <div>
                <p className="waiting-request-text">
                  {request.studentId !== null
                    ? t("{name} wants to join on another device", { name })
                    : t("{name} wants to join the class", { name })}
                </p>
                <p className="waiting-request-device" data-testid="waiting-request-device">
                  {deviceText(t, request)} ·{" "}
                  {request.minutesAgo === 0
                    ? t("asked just now")
                    : t("{count, plural, one {asked # minute ago} other {asked # minutes ago}}", {
                        count: request.minutesAgo,
                      })}
                </p>
              </div>
              <div className="waiting-request-actions">
                <Form method="post" action={from?.action}>
                  {from ? <input type="hidden" name="from" value={from.page} /> : null}
                  <input type="hidden" name="intent" value="admit-request" />
                  <input type="hidden" name="requestId" value={request.id} />
                  <Button type="submit" color="green">
                    {t("Admit")}
                    <span className="visually-hidden"> {name}</span>
                  </Button>
                </Form>
                <Form method="post" action={from?.action}>
                  {from ? <input type="hidden" name="from" value={from.page} /> : null}
                  <input type="hidden" name="intent" value="refuse-request" />
                  <input type="hidden" name="requestId" value={request.id} />
                  <Button type="submit" variant="soft" color="red">
                    {t("Refuse")}
                    <span className="visually-hidden"> {name}</span>
                  </Button>
                </Form>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** The projector's only word on waiting devices: how many, never who (issue 36). */
export function WaitingCount({ count }: { count: number }) {
  const { t } = useTranslation("staff");
  if (count === 0) return null;
  return (
    <p className="waiting-count no-print" role="status" data-testid="waiting-count">
      {t("{count, plural, one {# device is waiting for you} other {# devices are waiting for you}}", { count })}
    </p>
  );
}
