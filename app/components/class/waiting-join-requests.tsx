import "./waiting-join-requests.css";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { Button } from "~/components/ui/kit-controls";
import type { listWaitingJoinRequests } from "~/server/class-codes/join-requests.server";

type WaitingJoinRequest = Pick<
  Awaited<ReturnType<typeof listWaitingJoinRequests>>[number],
  "id" | "name" | "studentId"
>;

/**
 * Devices waiting for the teacher (docs/product.md#student-identity), each
 * with Admit and Refuse: plain forms posting to the page's own action
 * (intents "admit-request" and "refuse-request"), so they work without
 * JavaScript. Nothing is drawn when nobody is waiting.
 */
export function WaitingJoinRequests({ requests, className }: { requests: WaitingJoinRequest[]; className?: string }) {
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
              <p className="waiting-request-text">
                {request.studentId !== null
                  ? t("{name} wants to join on another device", { name })
                  : t("{name} wants to join the class", { name })}
              </p>
              <div className="waiting-request-actions">
                <Form method="post">
                  <input type="hidden" name="intent" value="admit-request" />
                  <input type="hidden" name="requestId" value={request.id} />
                  <Button type="submit" color="green">
                    {t("Admit")}
                    <span className="visually-hidden"> {name}</span>
                  </Button>
                </Form>
                <Form method="post">
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
