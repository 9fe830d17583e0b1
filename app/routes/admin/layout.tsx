import { Box } from "@radix-ui/themes";
import { Outlet } from "react-router";
import { AdminSidebar } from "~/components/layout/admin-sidebar";
import { requireAdmin } from "~/server/auth/guards.server";
import type { Route } from "./+types/layout";

/** /admin/*: admins only; a non-admin goes to the home of class -1 (SPEC.md §6). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return null;
}

export default function AdminLayout() {
  return (
    <Box className="page-container admin-layout" px={{ initial: "3", sm: "5" }} py="5">
      <AdminSidebar />
      <Box>
        <Outlet />
      </Box>
    </Box>
  );
}
