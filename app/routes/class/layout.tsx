import "~/components/class/class.css";
import { Outlet, useLoaderData, useRouteLoaderData } from "react-router";
import { ClassNav } from "~/components/class/class-nav";
import { errorPageTitle, GeneralErrorBoundary } from "~/components/error-boundary";
import { Box } from "~/components/ui/kit";
import { decideClassRoute } from "~/lib/class-route";
import { requireUser } from "~/server/auth/guards.server";
import { redirect } from "~/server/redirects.server";
import { listMyClassesForRequest } from "~/server/web/class-access.server";
import type { Route } from "./+types/layout";

/** Class route loading (docs/product.md#class-route-loading), in the server loader. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const myClasses = await listMyClassesForRequest(request, context, user);
  const decision = decideClassRoute(myClasses, params.classId);
  if (decision.kind !== "current") throw redirect(decision.redirectTo);
  const { id, name, schoolName } = decision.currentClass;
  // Only what the class navigation shows: this data is in every class screen's HTML (issue 34).
  return { currentClass: { id, name, schoolName }, myClasses: myClasses.map((c) => ({ id: c.id, name: c.name })) };
}

export default function ClassLayout() {
  const { currentClass, myClasses } = useLoaderData<typeof loader>();
  return (
    <Box className="page-container class-area">
      <ClassNav currentClass={currentClass} myClasses={myClasses} />
      <Outlet />
    </Box>
  );
}

/** The class's name as the title of pages that set none, and the error's kind when one is shown here. */
export const meta: Route.MetaFunction = ({ data, error, matches }) => [
  { title: error ? errorPageTitle(error, matches) : `${data?.currentClass.name ?? "Class"} · Orliverse Classroom` },
];

/**
 * An error in a class screen (another class's assignment, a student not on
 * this class) shows inside the class navigation, under the header.
 */
export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  const data = useRouteLoaderData<typeof loader>("routes/class/layout");
  const panel = (
    <GeneralErrorBoundary
      error={error}
      params={params}
      homeLink={data ? { to: `/class/${data.currentClass.id}/home`, label: "Back to the class home" } : undefined}
    />
  );
  if (!data) return panel;
  return (
    <Box className="page-container class-area">
      <ClassNav currentClass={data.currentClass} myClasses={data.myClasses} />
      {panel}
    </Box>
  );
}

/** The current class and the user's classes, for any route under /class/:classId. */
export function useCurrentClass() {
  const data = useRouteLoaderData<typeof loader>("routes/class/layout");
  if (!data) throw new Error("useCurrentClass must be used under /class/:classId");
  return data;
}
