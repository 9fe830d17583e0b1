import { ComingSoon } from "~/components/layout/coming-soon";
import { PageHeader } from "~/components/layout/page-header";
import { requireAdmin } from "~/server/auth/guards.server";
import type { Route } from "./+types/schools";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return null;
}

export default function AdminSchoolsPage() {
  return (
    <>
      <PageHeader title="Schools" description="Every school in your scope." />
      <ComingSoon>School management is coming soon.</ComingSoon>
    </>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Schools · Orliverse Classroom" }];
