import { ComingSoon } from "~/components/layout/coming-soon";
import { PageHeader } from "~/components/layout/page-header";
import { requireAdmin } from "~/server/auth/guards.server";
import type { Route } from "./+types/school";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return null;
}

export default function AdminSchoolPage() {
  return (
    <>
      <PageHeader title="School" description="A school's staff and classes." />
      <ComingSoon>School details are coming soon.</ComingSoon>
    </>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "School · Orliverse Classroom" }];
