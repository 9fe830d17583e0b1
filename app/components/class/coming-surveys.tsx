/**
 * The class home's "what is coming" (issue #38): the next scheduled surveys, "Next: Wellbeing
 * check-in, Monday", in the school's time zone and the reader's language, each linked to its schedule.
 */
import { useTranslation } from "react-i18next";
import { Stack, Text } from "~/components/ui/kit";
import { TextLink } from "~/components/ui/kit-controls";
import { zonedDay, zonedParts } from "~/lib/zoned-time";

export interface ComingSurvey {
  id: number;
  surveyTitle: string;
  opensAt: Date | string | null;
}

export function ComingSurveys({
  coming,
  classId,
  timeZone,
  now,
}: {
  coming: ComingSurvey[];
  classId: number;
  timeZone: string;
  /** The loader's time, so the server's and the browser's text agree. */
  now: string;
}) {
  const { t, i18n } = useTranslation("staff");
  if (coming.length === 0) return null;
  const when = (opensAt: Date | string) => {
    const day = zonedDay(opensAt, new Date(now), i18n.language, timeZone);
    return t("{day} at {time}", { day, time: zonedParts(opensAt, i18n.language, timeZone).time });
  };
  return (
    <Stack gap="1" data-testid="coming-surveys">
      {coming.map((survey, index) => (
        <Text key={survey.id} size="2">
          {index === 0 ? t("Next:") : t("Then:")}{" "}
          <TextLink to={`/class/${classId}/surveys/schedule/${survey.id}`}>
            <bdi>{survey.surveyTitle}</bdi>
          </TextLink>
          {survey.opensAt ? `, ${when(survey.opensAt)}` : null}
        </Text>
      ))}
    </Stack>
  );
}
