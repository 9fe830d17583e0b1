import { ComingSoon } from "~/components/layout/coming-soon";
import { PageHeader } from "~/components/layout/page-header";
import { requireAdmin } from "~/server/auth/guards.server";
import type { Route } from "./+types/settings";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return null;
}

export default function AdminSettingsPage() {
  return (
    <>
      <PageHeader title="Edit Class" description="Rename a class, change its teachers or archive it." />
      <ComingSoon>Editing classes from the admin area is coming soon.</ComingSoon>
    </>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Edit Class · Orliverse Classroom" }];
