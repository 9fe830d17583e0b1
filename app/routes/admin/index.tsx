import { Box, Card, Flex, Grid, Heading, Table, Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { AdminTable } from "~/components/admin/admin-table";
import { EmptyState } from "~/components/class/empty-state";
import { formatDateTime } from "~/components/class/format";
import { PageHeader } from "~/components/layout/page-header";
import { TextLink } from "~/components/ui/kit-controls";
import { TableHead } from "~/components/ui/table-head";
import { getAdminCounts, listRecentActivity } from "~/server/audit/admin-overview.server";
import { isPlatformAdmin } from "~/server/auth/current-user.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { getAppFromContext } from "~/server/context.server";
import type { Route } from "./+types/index";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireAdmin(request, context);
  const { db } = getAppFromContext(context);
  const [counts, activity] = await Promise.all([getAdminCounts(db, user), listRecentActivity(db, user, 25)]);
  return { counts, activity, platform: isPlatformAdmin(user), schoolName: user.school?.name ?? null };
}

const ACTION_LABELS: Record<string, string> = {
  "user.create": "Added staff member",
  "user.bulk_create": "Bulk-created staff",
  "user.update": "Edited staff member",
  "user.archive": "Archived staff member",
  "user.restore": "Restored staff member",
  "school.create": "Created school",
  "school.rename": "Renamed school",
  "school.archive": "Archived school",
  "school.restore": "Restored school",
  "class.create": "Created class",
  "class.update": "Renamed class",
  "class.archive": "Archived class",
  "class.restore": "Restored class",
  "class.teacher.add": "Added a class teacher",
  "class.teacher.remove": "Removed a class teacher",
  "class.teacher.leave": "Left a class",
  "class.language": "Set a class's language",
  "school.language": "Set a school's language",
  "user.language": "Chose their language",
  "survey.sync": "Synced surveys from content",
};

function targetHref(targetType: string, targetId: string | null): string | null {
  if (!targetId) return null;
  if (targetType === "user") return `/admin/staff/${targetId}/edit`;
  if (targetType === "school") return `/admin/schools/${targetId}`;
  if (targetType === "class") return `/admin/settings?classId=${targetId}`;
  return null;
}

export default function AdminIndexPage({ loaderData }: Route.ComponentProps) {
  const { counts, activity, platform, schoolName } = loaderData;
  const { t, i18n } = useTranslation("staff");
  const scopeName = platform ? t("All schools") : (schoolName ?? t("Your school"));
  const tiles = [
    { label: "Schools", value: counts.schools, to: "/admin/schools" },
    { label: "Active staff", value: counts.staff, to: "/admin/staff?status=active" },
    { label: "Archived staff", value: counts.archivedStaff, to: "/admin/staff?status=archived" },
    { label: "Classes", value: counts.classes, to: "/admin/settings" },
    { label: "Students", value: counts.students, to: null },
    { label: "Survey responses", value: counts.responses, to: "/admin/survey" },
  ];
  return (
    <Flex direction="column" gap="5">
      <PageHeader title={t("Admin")} description={t("{scope}: counts and recent activity.", { scope: scopeName })} />
      <Grid columns={{ initial: "2", sm: "3" }} gap="3">
        {tiles.map((tile) => (
          <Card key={tile.label} size="2">
            <Text as="div" size="2" color="gray">
              {tile.to ? (
                <TextLink to={tile.to} color="gray">
                  {t(tile.label)}
                </TextLink>
              ) : (
                t(tile.label)
              )}
            </Text>
            <Text as="div" size="7" weight="bold" data-testid={`count-${tile.label}`}>
              {tile.value}
            </Text>
          </Card>
        ))}
      </Grid>
      <Box>
        <Flex justify="between" align="center" mb="3" gap="3" wrap="wrap">
          <Heading as="h2" size="5">
            {t("Recent activity")}
          </Heading>
          <TextLink to="/admin/audit" size="2">
            {t("Full audit log (filter by who, action, date)")}
          </TextLink>
        </Flex>
        {activity.length === 0 ? (
          <EmptyState title={t("No activity yet")} action={{ to: "/admin/staff/new", label: t("Add staff") }}>
            {t("Changes made by admins and teachers appear here: who did what, to what, and when.")}
          </EmptyState>
        ) : (
          <AdminTable label={t("Recent activity")}>
            <TableHead columns={[t("When"), t("Who"), t("What"), t("Target")]} />
            <Table.Body>
              {activity.map((item) => {
                const href = targetHref(item.targetType, item.targetId);
                const label =
                  item.summary ?? (item.targetId ? `${item.targetType} #${item.targetId}` : item.targetType);
                return (
                  <Table.Row key={item.id}>
                    <Table.Cell>{formatDateTime(item.createdAt, i18n.language)}</Table.Cell>
                    <Table.Cell>{item.actorName ?? <Text color="gray">{t("Deleted user")}</Text>}</Table.Cell>
                    <Table.Cell>{ACTION_LABELS[item.action] ? t(ACTION_LABELS[item.action]) : item.action}</Table.Cell>
                    <Table.Cell>
                      {href ? (
                        <TextLink to={href} size="2">
                          {label}
                        </TextLink>
                      ) : (
                        label
                      )}
                      {item.schoolName ? (
                        <Text as="div" size="1" color="gray">
                          <bdi>{item.schoolName}</bdi>
                        </Text>
                      ) : null}
                    </Table.Cell>
                  </Table.Row>
                );
              })}
            </Table.Body>
          </AdminTable>
        )}
      </Box>
    </Flex>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Admin · Orliverse Classroom" }];
