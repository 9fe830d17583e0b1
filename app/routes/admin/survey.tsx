import { ComingSoon } from "~/components/layout/coming-soon";
import { PageHeader } from "~/components/layout/page-header";
import { requireAdmin } from "~/server/auth/guards.server";
import type { Route } from "./+types/survey";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return null;
}

export default function AdminSurveyPage() {
  return (
    <>
      <PageHeader title="Survey" description="A survey's preview and its responses across classes." />
      <ComingSoon>Survey responses across classes are coming soon.</ComingSoon>
    </>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Survey · Orliverse Classroom" }];
