import { ComingSoon } from "~/components/layout/coming-soon";
import { PageHeader } from "~/components/layout/page-header";
import { requireAdmin } from "~/server/auth/guards.server";
import type { Route } from "./+types/staff";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return null;
}

export default function AdminStaffPage() {
  return (
    <>
      <PageHeader title="Staff" description="Teachers and administrators in your scope." />
      <ComingSoon>Staff management (listing, editing, bulk create and CSV import) is coming soon.</ComingSoon>
    </>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Staff · Orliverse Classroom" }];
