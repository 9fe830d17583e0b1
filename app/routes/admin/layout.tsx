import { Box } from "@radix-ui/themes";
import { Outlet, useRouteLoaderData } from "react-router";
import { errorPageTitle, GeneralErrorBoundary } from "~/components/error-boundary";
import { AdminSidebar } from "~/components/layout/admin-sidebar";
import { requireAdmin } from "~/server/auth/guards.server";
import type { Route } from "./+types/layout";

/** /admin/*: admins only; a non-admin goes to the home of class -1 (docs/product.md#where-a-signed-in-user-lands). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return { admin: true };
}

export default function AdminLayout() {
  return (
    <AdminFrame>
      <Outlet />
    </AdminFrame>
  );
}

function AdminFrame({ children }: { children: React.ReactNode }) {
  return (
    <Box className="page-container admin-layout" px={{ initial: "3", sm: "5" }} py="5">
      <AdminSidebar />
      <Box>{children}</Box>
    </Box>
  );
}

export const meta: Route.MetaFunction = ({ error, matches }) => [
  { title: error ? errorPageTitle(error, matches) : "Admin · Orliverse Classroom" },
];

/** An error in an admin screen shows beside the sidebar, under the header (once the admin check has passed). */
export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  const passed = useRouteLoaderData<typeof loader>("routes/admin/layout");
  const panel = (
    <GeneralErrorBoundary
      error={error}
      params={params}
      homeLink={passed ? { to: "/admin/staff", label: "Back to Staff" } : undefined}
    />
  );
  return passed ? <AdminFrame>{panel}</AdminFrame> : panel;
}
