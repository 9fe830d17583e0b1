import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Badge, Heading, Row, SplitRow, Stack, Text } from "~/components/ui/kit";
import { TextLink } from "~/components/ui/kit-controls";

/**
 * The header of a class's survey screen (results, a series over time): the
 * way back to the class's surveys (not printed), the heading, a row of facts
 * under it (a status, whether it is anonymous, the screen's own), and the
 * screen's actions beside it.
 */
export function SurveyPageHeader({
  classId,
  crumb,
  title,
  status,
  anonymous,
  facts,
  actions,
}: {
  classId: number;
  /** This screen's name in the breadcrumb: "Results". */
  crumb: string;
  title: string;
  status?: ReactNode;
  anonymous: boolean;
  facts: ReactNode;
  actions: ReactNode;
}) {
  const { t } = useTranslation("staff");
  return (
    <SplitRow gap="3">
      <Stack gap="1">
        <Text size="2" color="gray" className="no-print">
          <TextLink to={`/class/${classId}/surveys/manage`}>{t("Surveys")}</TextLink> / {crumb}
        </Text>
        <Heading size="6">{title}</Heading>
        <Row gap="2">
          {status}
          {anonymous ? <Badge color="violet">{t("Anonymous")}</Badge> : null}
          {facts}
        </Row>
      </Stack>
      {actions}
    </SplitRow>
  );
}
