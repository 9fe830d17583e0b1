import "~/components/class/projector.css";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "~/components/class/format";
import { GenerateCodeForm } from "~/components/class/generate-code-form";
import { JoinQrCode } from "~/components/class/join-qr-code";
import { useClassLive } from "~/components/class/use-class-live";
import { WaitingCount } from "~/components/class/waiting-join-requests";
import { GeneralErrorBoundary, pageTitle } from "~/components/error-boundary";
import { ButtonLink, TextLink } from "~/components/ui/kit-controls";
import { useHydrated } from "~/lib/use-hydrated";
import { listClassAssignments } from "~/server/assignments/assignments.server";
import { generateClassCode } from "~/server/class-codes/class-codes.server";
import { getJoinProgress } from "~/server/class-codes/join-progress.server";
import { drawQrCode } from "~/server/class-codes/join-qr.server";
import { getClassLiveState } from "~/server/classes/class-live.server";
import { getServerT } from "~/server/i18n/i18n.server";
import { redirectWithError, redirectWithSuccess } from "~/server/redirects.server";
import { requireClassTeacher } from "~/server/web/class-access.server";
import { readIntent } from "~/server/web/intents.server";
import {
  decideJoinRequest,
  JOIN_REQUEST_INTENTS,
  parseJoinRequestDecision,
} from "~/server/web/join-request-actions.server";
import { orNotFound, redirectWithFailure } from "~/server/web/screen-errors.server";
import type { Route } from "./+types/projector";

/**
 * The projector view of joining: the live code in very large letters, the
 * join address and its QR code (drawn here, from the configured public
 * address, never from the request's Host), and how many have joined and
 * how many devices wait (kept live by the class's stream, /class/{id}/live).
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const t = await getServerT(context, "staff");
  const { user, db, config, classId } = await requireClassTeacher(request, context, params.classId);
  const [progress, classLive, { assignments }] = await orNotFound(
    Promise.all([
      getJoinProgress(db, user, classId),
      getClassLiveState(db, user, classId),
      listClassAssignments(db, user, classId),
    ]),
  );
  const joinAddress = `${config.appUrl}/join`;
  const live = progress.classCode && !progress.classCode.expired ? progress.classCode : null;
  const joinUrl = live ? `${joinAddress}?${new URLSearchParams({ code: live.code })}` : null;
  return {
    pageTitle: t("Join {name}", { name: progress.class.name }),

    class: progress.class,
    classCode: progress.classCode,
    joinedCount: progress.joinedCount,
    // Only how many: the class sees the projector, so no names and no Admit or Refuse (issue 36).
    waitingCount: classLive.waiting.length,
    // What the class's stream is compared with when it starts: the waiting requests' ids and the class list's counter.
    live: { waiting: classLive.waiting, roster: classLive.roster },
    joinAddress,
    joinUrl,
    qrCode: joinUrl ? drawQrCode(joinUrl) : null,
    // The surveys students are answering now, whose results the projector can show (ADR 208).
    activeAssignments: assignments
      .filter((assignment) => assignment.status === "active")
      .map((assignment) => ({ id: assignment.id, surveyTitle: assignment.surveyTitle })),
  };
}

/**
 * The empty state's button: a new code with the default expiry, then back here. Admit and Refuse
 * are still answered (a page open from before), though the projector shows only a count.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const t = await getServerT(context, "staff");
  const { user, db, classId } = await requireClassTeacher(request, context, params.classId);
  const here = new URL(request.url).pathname;
  const form = await request.formData();
  const intent = await readIntent(context, form.get("intent"), ["generate-code", ...JOIN_REQUEST_INTENTS]);
  if (intent !== "generate-code") {
    const decision = parseJoinRequestDecision(form);
    if (!decision) return redirectWithError(here, t("That action is not available."));
    return decideJoinRequest(db, user, classId, decision, here, t);
  }
  try {
    const code = await generateClassCode(db, user, { classId });
    return redirectWithSuccess(here, t("New class code {code} is live.", { code: code.code }));
  } catch (error) {
    return redirectWithFailure(here, error, t("Failed to generate a class code"));
  }
}

export default function Projector({ loaderData }: Route.ComponentProps) {
  const {
    class: klass,
    classCode,
    joinedCount,
    waitingCount,
    live,
    joinAddress,
    joinUrl,
    qrCode,
    activeAssignments,
  } = loaderData;
  const hydrated = useHydrated();
  // With JavaScript the class's stream brings the joined and waiting counts up to date (as on the class home);
  // without it, "Refresh now".
  useClassLive(klass.id, live.waiting, live.roster);
  const classHome = `/class/${klass.id}/home`;
  const { t, i18n } = useTranslation("staff");
  return (
    <main id="main" className="projector">
      <div className="projector-bar no-print">
        <TextLink size="3" to={classHome}>
          {t("← Back to {name}", { name: klass.name })}
        </TextLink>
        {activeAssignments.length > 0 ? (
          <nav aria-label={t("Results on the projector")} className="projector-results-links">
            {activeAssignments.map((assignment) => (
              <TextLink key={assignment.id} size="3" to={`/class/${klass.id}/assignments/${assignment.id}/projector`}>
                {t("Show results: {title}", { title: assignment.surveyTitle })}
              </TextLink>
            ))}
          </nav>
        ) : null}
        <WaitingCount count={waitingCount} />
      </div>

      {joinUrl && classCode && qrCode ? (
        <div className="projector-join">
          <div className="projector-steps">
            <h1 className="projector-title">{t("Join {name}", { name: klass.name })}</h1>
            <p className="projector-step">
              {t("Go to")}{" "}
              <a className="projector-address" href={joinAddress} data-testid="join-address">
                {joinAddress}
              </a>
            </p>
            <p className="projector-step">{t("and type the class code")}</p>
            <p className="projector-code" data-testid="projector-code">
              {classCode.code}
            </p>
          </div>
          <figure className="projector-qr">
            <JoinQrCode drawing={qrCode} url={joinUrl} />
            <figcaption className="projector-step">{t("Or scan this code")}</figcaption>
          </figure>
        </div>
      ) : (
        <div className="projector-empty">
          <h1 className="projector-title">{classCode ? t("This class code has expired") : t("No live class code")}</h1>
          <p className="projector-note">
            {classCode
              ? t("{code} expired {date}. Students cannot join {name} with it.", {
                  code: classCode.code,
                  date: formatDateTime(classCode.expiresAt, i18n.language),
                  name: klass.name,
                })
              : t("Students cannot join {name} until you generate a class code.", { name: klass.name })}
          </p>
          <div className="projector-actions no-print">
            <GenerateCodeForm hasCode={Boolean(classCode)} size="3" />
            <ButtonLink variant="soft" size="3" to={`/class/${klass.id}/students/manage`}>
              {t("Choose how long it lasts")}
            </ButtonLink>
          </div>
        </div>
      )}

      {joinUrl ? (
        <div className="projector-joined no-print">
          <p aria-live="polite" aria-atomic="true" data-testid="joined-count">
            <strong>{joinedCount}</strong>{" "}
            {t("{count, plural, one {student has} other {students have}} joined with this code", {
              count: joinedCount,
            })}
          </p>
          <p className="projector-note">
            {hydrated ? `${t("Updates every few seconds.")} ` : null}
            <TextLink underline="always" to=".">
              {t("Refresh now")}
            </TextLink>
          </p>
        </div>
      ) : null}
    </main>
  );
}

export const meta: Route.MetaFunction = ({ data, error, matches }) =>
  pageTitle(data?.pageTitle ?? "Join the class", error, matches);

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <GeneralErrorBoundary error={error} params={params} />;
}
