import { ComingSoon } from "~/components/layout/coming-soon";
import { PageHeader } from "~/components/layout/page-header";
import { requireAdmin } from "~/server/auth/guards.server";
import type { Route } from "./+types/create-class";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return null;
}

export default function AdminCreateClassPage() {
  return (
    <>
      <PageHeader title="Create Class" description="Add a class to a school and choose its teachers." />
      <ComingSoon>Creating classes from the admin area is coming soon. Teachers can already create their own classes.</ComingSoon>
    </>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Create Class · Orliverse Classroom" }];
