import { ComingSoon } from "~/components/layout/coming-soon";
import { PageHeader } from "~/components/layout/page-header";
import { requireAdmin } from "~/server/auth/guards.server";
import type { Route } from "./+types/index";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return null;
}

export default function AdminIndexPage() {
  return (
    <>
      <PageHeader title="Admin" description="An overview of your school: recent activity and counts." />
      <ComingSoon>The admin overview is coming soon. Use the sidebar to reach staff, schools, classes and surveys.</ComingSoon>
    </>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Admin · Orliverse Classroom" }];
