import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { formatDateTime } from "~/components/class/format";
import { Card, Heading, Text as KitText, Stack } from "~/components/ui/kit";
import { Button } from "~/components/ui/kit-controls";
import type { ReminderSummary } from "~/server/assignments/reminders.server";

/**
 * "Remind them" (issue 38): while the survey is open, a plain form that
 * reminds every child who has not answered (a named survey) or, for an
 * anonymous one, shows the reminder to the whole class, so it tells nobody
 * who answered. Says when the last reminder went out, with counts only.
 */
export function ReminderCard({
  resultsPath,
  anonymous,
  notRespondedTotal,
  last,
}: {
  resultsPath: string;
  anonymous: boolean;
  notRespondedTotal: number;
  last: ReminderSummary | null;
}) {
  const { t, i18n } = useTranslation("staff");
  const nobodyToRemind = !anonymous && notRespondedTotal === 0;
  return (
    <Card size="2" className="no-print">
      <Form method="post" action={`${resultsPath}/remind`} aria-labelledby="reminder-heading">
        <input type="hidden" name="intent" value="send-reminder" />
        <Stack gap="2">
          <Heading as="h2" size="4" id="reminder-heading">
            {t("Remind the students who have not answered")}
          </Heading>
          <KitText as="p" size="2" color="gray">
            {anonymous
              ? t(
                  "This survey is anonymous, so the reminder goes to the whole class: everyone sees it until the survey closes, and nobody can tell from it who has answered.",
                )
              : t(
                  "They see it at the top of their page the next time they open it, until they answer: “Your teacher is waiting for your answers to …”.",
                )}
          </KitText>
          {last ? (
            <KitText as="p" size="2" data-testid="last-reminder">
              {last.toWholeClass
                ? t("Last reminder: {date}, to the whole class.", {
                    date: formatDateTime(last.lastSentAt, i18n.language),
                  })
                : t("Last reminder: {date}, to {count, plural, one {# student} other {# students}}.", {
                    date: formatDateTime(last.lastSentAt, i18n.language),
                    count: last.remindedCount,
                  })}
            </KitText>
          ) : null}
          <div>
            <Button type="submit" variant="soft" disabled={nobodyToRemind}>
              {anonymous
                ? t("Remind the whole class")
                : t("Remind {count, plural, one {# student} other {# students}}", { count: notRespondedTotal })}
            </Button>
          </div>
        </Stack>
      </Form>
    </Card>
  );
}
