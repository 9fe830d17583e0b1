/**
 * /join?card=… (the QR code of a printed sign-in card, issue 36): "Join
 * {class}" for the card's child, one plain form posting the card's token.
 * A GET never joins. A card that no longer works says so above the usual form.
 */
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { StudentSubmit } from "~/components/student/student-submit";
import { JOIN_PATH } from "~/lib/student-paths";

export interface CardOnPage {
  token: string;
  /** Null when the card no longer works (made again, the child left the class). */
  holder: { firstName: string; className: string } | null;
  /** What the page says when the card no longer works. */
  refusal: string | null;
}

export function CardJoin({ card }: { card: CardOnPage & { holder: NonNullable<CardOnPage["holder"]> } }) {
  const { t } = useTranslation("student");
  return (
    <>
      <Form method="post" className="student-card" aria-labelledby="card-heading">
        <h2 id="card-heading">
          <bdi>{t("Join {className}", { className: card.holder.className })}</bdi>
        </h2>
        <p>{t("Hello, {name}! This is your card.", { name: card.holder.firstName })}</p>
        <input type="hidden" name="card" value={card.token} />
        <StudentSubmit>{t("Join")}</StudentSubmit>
      </Form>
      <NotYourCard code="" />
    </>
  );
}

/** 'Not your card? Join with your name.', keeping the class code when there is one. */
export function NotYourCard({ code }: { code: string }) {
  const { t } = useTranslation("student");
  return (
    <p className="student-hint">
      {t("Not your card?")}{" "}
      <Link to={code ? `${JOIN_PATH}?code=${encodeURIComponent(code)}` : JOIN_PATH}>{t("Join with your name")}</Link>
    </p>
  );
}
