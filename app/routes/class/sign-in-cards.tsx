import { useTranslation } from "react-i18next";
import "~/components/class/sign-in-cards.css";
import { Form } from "react-router";
import { JoinQrCode } from "~/components/class/join-qr-code";
import { GeneralErrorBoundary, pageTitle } from "~/components/error-boundary";
import { Button, ButtonLink, TextLink } from "~/components/ui/kit-controls";
import { useHydrated } from "~/lib/use-hydrated";
import { drawQrCode } from "~/server/class-codes/join-qr.server";
import { getServerT } from "~/server/i18n/i18n.server";
import { redirectWithSuccess } from "~/server/redirects.server";
import { ensurePersonalCodes, getSignInCards } from "~/server/students/personal-codes.server";
import { makeSignInCards } from "~/server/students/sign-in-cards.server";
import { requireClassTeacher } from "~/server/web/class-access.server";
import { readIntent } from "~/server/web/intents.server";
import { orNotFound, redirectWithFailure } from "~/server/web/screen-errors.server";
import type { Route } from "./+types/sign-in-cards";

/**
 * The printable sign-in cards (docs/product.md#sign-in-cards): one card a
 * child, with their name, the class, the class code, their personal code and
 * a QR code of the join address with the card's own token (issue 36), so the
 * card keeps working while the child is in the class, whatever the class code
 * does. Tokens are stored hashed, so the cards are shown once, by "Make the
 * cards" (a post that makes new tokens and revokes the QR codes of the cards
 * printed before). The address is the configured public one, never the
 * request's Host; the QR codes are drawn here, so no other service sees them.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const t = await getServerT(context, "staff");
  const { user, db, classId } = await requireClassTeacher(request, context, params.classId);
  const cards = await orNotFound(getSignInCards(db, user, classId));
  return {
    pageTitle: t("Sign-in cards for {name}", { name: cards.class.name }),
    class: cards.class,
    classCode: cards.classCode,
    withCode: cards.students.length,
    withoutCode: cards.withoutCode,
  };
}

/** "Make codes" for the students who have none, then back; "Make the cards": the cards, shown once. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const t = await getServerT(context, "staff");
  const { user, db, config, classId } = await requireClassTeacher(request, context, params.classId);
  const here = new URL(request.url).pathname;
  const intent = await readIntent(context, (await request.formData()).get("intent"), ["make-codes", "make-cards"]);
  if (intent === "make-cards") {
    const made = await orNotFound(makeSignInCards(db, user, { classId }));
    const joinAddress = `${config.appUrl}/join`;
    return {
      joinAddress,
      cards: made.students.map((student) => {
        const url = `${joinAddress}?${new URLSearchParams({ card: made.tokens[student.id] })}`;
        return { ...student, url, qrCode: drawQrCode(url) };
      }),
    };
  }
  try {
    const { given } = await ensurePersonalCodes(db, user, classId);
    return redirectWithSuccess(
      here,
      given > 0
        ? t("{count, plural, one {# student} other {# students}} got a personal code.", { count: given })
        : t("Every student already has a personal code."),
    );
  } catch (error) {
    return redirectWithFailure(here, error, t("Failed to make personal codes"));
  }
}

export default function SignInCards({ loaderData, actionData }: Route.ComponentProps) {
  const { class: klass, classCode, withCode, withoutCode } = loaderData;
  const cards = actionData?.cards ?? [];
  const hydrated = useHydrated();
  const students = `/class/${klass.id}/students/manage`;
  const { t } = useTranslation("staff");
  return (
    <main id="main" className="sign-in-cards-page">
      <div className="sign-in-cards-bar no-print">
        <TextLink size="3" to={students}>
          {t("← Back to the students of {name}", { name: klass.name })}
        </TextLink>
        <h1 className="sign-in-cards-title">{t("Sign-in cards for {name}", { name: klass.name })}</h1>
        {classCode === null ? (
          <p>
            {t("This class has no live class code, so the cards would not work.")}{" "}
            <TextLink underline="always" to={students}>
              {t("Make a class code on the students screen, then come back here.")}
            </TextLink>
          </p>
        ) : (
          <>
            <p>
              {t(
                "Each card has the child's personal code and a QR code that signs them in to {name}. The cards keep working while the child is in the class, even if you stop or replace the class code.",
                { name: klass.name },
              )}
            </p>
            {cards.length === 0 && withCode > 0 ? (
              <Form method="post" className="sign-in-cards-actions">
                <input type="hidden" name="intent" value="make-cards" />
                <p>
                  {t(
                    "Making the cards gives each card a new QR code: the QR codes of the cards printed before stop working (their typed codes still work). The cards are shown once, so print them straight away.",
                  )}
                </p>
                <Button type="submit">{t("Make the cards")}</Button>
              </Form>
            ) : null}
            <div className="sign-in-cards-actions">
              {hydrated && cards.length > 0 ? (
                <Button type="button" onClick={() => window.print()}>
                  {t("Print the cards")}
                </Button>
              ) : null}
              <p>{t("To print, use your browser's Print command (Ctrl+P, or ⌘P on a Mac).")}</p>
            </div>
          </>
        )}
        {withoutCode > 0 ? (
          <Form method="post" className="sign-in-cards-actions">
            <input type="hidden" name="intent" value="make-codes" />
            <p>
              {t("{count, plural, one {# student} other {# students}} without a personal code, so without a card.", {
                count: withoutCode,
              })}
            </p>
            <Button type="submit" variant="soft">
              {t("Make codes")}
            </Button>
          </Form>
        ) : null}
        {classCode !== null && withCode === 0 && withoutCode === 0 ? (
          <p>
            {t("No students yet.")}{" "}
            <ButtonLink variant="soft" to={`${students}?add=1`}>
              {t("Add a student")}
            </ButtonLink>
          </p>
        ) : null}
      </div>

      {classCode !== null && cards.length > 0 ? (
        <ul className="sign-in-cards" aria-label={t("Sign-in cards")}>
          {cards.map((card) => (
            <li key={card.id} className="sign-in-card" data-testid="sign-in-card">
              <div className="sign-in-card-text">
                <p className="sign-in-card-name" dir="auto">
                  {card.firstName} {card.lastName}
                </p>
                <p className="sign-in-card-class">
                  <bdi>{klass.name}</bdi>
                </p>
                <dl className="sign-in-card-codes">
                  <dt>{t("Class code")}</dt>
                  <dd>{classCode}</dd>
                  <dt>{t("My code")}</dt>
                  <dd data-testid="card-personal-code">{card.personalCode}</dd>
                </dl>
                <p className="sign-in-card-where">
                  {t("Scan the square, or go to")}{" "}
                  <span className="sign-in-card-address">{actionData?.joinAddress}</span>
                </p>
              </div>
              <JoinQrCode drawing={card.qrCode} url={card.url} />
            </li>
          ))}
        </ul>
      ) : null}
    </main>
  );
}

export const meta: Route.MetaFunction = ({ data, error, matches }) =>
  pageTitle(data?.pageTitle ?? "Sign-in cards", error, matches);

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <GeneralErrorBoundary error={error} params={params} />;
}
