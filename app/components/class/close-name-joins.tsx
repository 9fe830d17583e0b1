/**
 * The class home's "Zara Newkyd joined — close to Zara Newkid" (issue 36):
 * new names that joined this week while one or two letters from a name on
 * the class list, each linking to the new student, so the teacher can remove
 * the one that is not real.
 */
import { useTranslation } from "react-i18next";
import { Card, Stack } from "~/components/ui/kit";
import { TextLink } from "~/components/ui/kit-controls";
import type { CloseNameJoin } from "~/server/classes/class-dashboard.server";

export function CloseNameJoins({ joins, base }: { joins: CloseNameJoin[]; base: string }) {
  const { t } = useTranslation("staff");
  if (joins.length === 0) return null;
  return (
    <Card size="2">
      <Stack as="ul" gap="1" className="plain-list" aria-label={t("New names close to a listed one")}>
        {joins.map((join) => (
          <li key={join.id} data-testid="close-name-join">
            <TextLink to={`${base}/student/${join.id}`}>
              {t("{name} joined — close to {listed}", {
                name: `${join.firstName} ${join.lastName}`,
                listed: `${join.closeToFirstName} ${join.closeToLastName}`,
              })}
            </TextLink>
          </li>
        ))}
      </Stack>
    </Card>
  );
}
