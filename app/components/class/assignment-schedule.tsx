/**
 * An assignment's schedule as the teacher reads it (issue #38): when it opens and closes, in the
 * school's time zone and the reader's language, and the rounds of its series, each linked to its results.
 */
import { useTranslation } from "react-i18next";
import { Stack, Text } from "~/components/ui/kit";
import { TextLink } from "~/components/ui/kit-controls";
import type { AssignmentStatus } from "~/lib/statuses";
import { formatZoned } from "~/lib/zoned-time";
import { AssignmentStatusBadge } from "./status-badge";

export interface ScheduleView {
  opensAt: Date | string | null;
  closesAt: Date | string | null;
  timeZone: string;
}

/** "Opens Mon, 2 Mar 2026, 09:00 · closes …", or nothing when the survey is started and closed by hand. */
export function ScheduleLine({ schedule }: { schedule: ScheduleView }) {
  const { t, i18n } = useTranslation("staff");
  const at = (value: Date | string) => formatZoned(value, i18n.language, schedule.timeZone);
  const parts = [
    schedule.opensAt ? t("Opens {date}", { date: at(schedule.opensAt) }) : null,
    schedule.closesAt ? t("Closes {date}", { date: at(schedule.closesAt) }) : null,
  ].filter(Boolean);
  if (parts.length === 0) return null;
  return (
    <Text size="2" color="gray">
      {parts.join(" · ")} ({schedule.timeZone})
    </Text>
  );
}

export interface RoundView {
  id: number;
  opensAt: Date | string | null;
  closesAt: Date | string | null;
  status: AssignmentStatus;
  responseCount: number;
}

/** The series' rounds in order, the current one marked, each linked to its own results. */
export function SeriesRounds({
  rounds,
  currentId,
  classId,
  timeZone,
}: {
  rounds: RoundView[];
  currentId: number;
  classId: number;
  timeZone: string;
}) {
  const { t, i18n } = useTranslation("staff");
  if (rounds.length === 0) return null;
  return (
    <section aria-labelledby="series-rounds-title" className="no-print">
      <Stack gap="2">
        <Text as="p" weight="medium" id="series-rounds-title">
          {t("Rounds of this series ({count})", { count: rounds.length })}
        </Text>
        <ol className="series-rounds">
          {rounds.map((round, index) => {
            const label = t("Round {number}: {date}", {
              number: index + 1,
              date: round.opensAt ? formatZoned(round.opensAt, i18n.language, timeZone) : "—",
            });
            return (
              <li key={round.id}>
                {round.id === currentId ? (
                  <strong aria-current="page">{label}</strong>
                ) : (
                  <TextLink size="2" to={`/class/${classId}/surveys/results/${round.id}`}>
                    {label}
                  </TextLink>
                )}{" "}
                <AssignmentStatusBadge status={round.status} />{" "}
                <Text size="1" color="gray">
                  {t("{count, plural, one {# response} other {# responses}}", { count: round.responseCount })}
                </Text>
              </li>
            );
          })}
        </ol>
      </Stack>
    </section>
  );
}
