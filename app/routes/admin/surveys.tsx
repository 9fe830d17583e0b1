import { ComingSoon } from "~/components/layout/coming-soon";
import { PageHeader } from "~/components/layout/page-header";
import { requireAdmin } from "~/server/auth/guards.server";
import type { Route } from "./+types/surveys";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return null;
}

export default function AdminSurveysPage() {
  return (
    <>
      <PageHeader title="Surveys" description="The surveys in the library, with assignments and responses." />
      <ComingSoon>The admin survey overview is coming soon. Survey previews are available under Surveys in the class area.</ComingSoon>
    </>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Surveys · Orliverse Classroom" }];
