import { Button, Callout, Card, Flex, Heading, Text, TextField } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { formatDate } from "~/components/class/format";

export interface InvitationLinkState {
  /** The school's live link (its token is never stored, so never shown again). */
  live: { id: number; expiresAt: Date | string; useCount: number } | null;
  /** The link just made by this post: shown once. */
  justCreated: { link: string; expiresAt: Date | string } | null;
}

/**
 * The school's invitation link on the staff screen (ADR 214): make one, copy it
 * now (it is shown once), or switch it off. Plain posts with an intent.
 */
export function InvitationLinkCard({
  schoolName,
  intro,
  live,
  justCreated,
}: InvitationLinkState & {
  schoolName: string;
  /** What the link does, said to someone who is not of the school (the platform admin on the school's page). */
  intro?: string;
}) {
  const { t, i18n } = useTranslation("staff");
  return (
    <Card size="3" style={{ maxWidth: 640 }}>
      <Flex direction="column" gap="3" asChild>
        <section aria-labelledby="invitation-link-title">
          <Heading as="h2" size="4" id="invitation-link-title">
            {t("Invitation link")}
          </Heading>
          <Text as="p" size="2" color="gray">
            {intro ??
              t(
                "Share this link with teachers of {school}. Whoever opens it can create a teacher account in your school. A link works for 14 days.",
                { school: schoolName },
              )}
          </Text>
          {justCreated ? (
            <Callout.Root color="green" role="status">
              <Flex direction="column" gap="2">
                <Callout.Text>
                  {t("Copy this link now: it is shown only once. It works until {date}.", {
                    date: formatDate(justCreated.expiresAt, i18n.language),
                  })}
                </Callout.Text>
                <label htmlFor="invitation-link-value">
                  <Text size="2" weight="medium">
                    {t("New invitation link")}
                  </Text>
                </label>
                <TextField.Root id="invitation-link-value" readOnly value={justCreated.link} />
              </Flex>
            </Callout.Root>
          ) : null}
          {live ? (
            <Text as="p" size="2">
              {t(
                "A link is active until {date}. {count, plural, one {# teacher} other {# teachers}} signed up with it.",
                { date: formatDate(live.expiresAt, i18n.language), count: live.useCount },
              )}
            </Text>
          ) : (
            <Text as="p" size="2">
              {t("There is no active invitation link.")}
            </Text>
          )}
          <Flex gap="2" wrap="wrap">
            <Form method="post">
              <Button type="submit" name="intent" value="create-invitation" variant="soft">
                {live ? t("Make a new link") : t("Make an invitation link")}
              </Button>
            </Form>
            {live ? (
              <Form method="post">
                <input type="hidden" name="id" value={live.id} />
                <Button type="submit" name="intent" value="revoke-invitation" variant="soft" color="red">
                  {t("Switch the link off")}
                </Button>
              </Form>
            ) : null}
          </Flex>
          {live ? (
            <Text as="p" size="1" color="gray">
              {t("Making a new link switches the old one off.")}
            </Text>
          ) : null}
        </section>
      </Flex>
    </Card>
  );
}
