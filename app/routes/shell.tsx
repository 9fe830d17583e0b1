import { Box, Flex } from "@radix-ui/themes";
import { Outlet, type ShouldRevalidateFunctionArgs, useNavigation } from "react-router";
import { Avatar } from "~/components/avatar/avatar";
import { Logo } from "~/components/layout/logo";
import type { ProfileState } from "~/components/layout/profile-area";
import { ProfileMenu } from "~/components/layout/profile-menu";
import { useNavbarSlot } from "~/lib/navbar-slot";
import { homePathFor, serializeCurrentUser } from "~/server/auth/current-user.server";
import { getRequestAuth, requireUser } from "~/server/auth/guards.server";
import type { Route } from "./+types/shell";

/** Every signed-in screen: the header (logo, navbar slot, profile area) and the page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const { loaded } = await getRequestAuth(request, context);
  return { user: serializeCurrentUser(user), userError: loaded?.error ?? null, homePath: homePathFor(user) };
}

/** The user is reloaded after form posts (a name or password may have changed), not on every link. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod ? defaultShouldRevalidate : false;
}

export default function Shell({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const navbar = useNavbarSlot();
  const reloadingUser = navigation.state === "loading" && Boolean(navigation.formMethod);
  const state: ProfileState = reloadingUser ? "loading" : loaderData.userError ? "error" : "loaded";
  return (
    <Flex direction="column" minHeight="100vh">
      <Box asChild className="app-header no-print">
        <header>
          <Flex align="center" justify="between" gap="4" px={{ initial: "3", sm: "5" }} py="2" className="page-container">
            <Logo to={loaderData.homePath} />
            <Flex flexGrow="1" align="center" justify="center" className="navbar-slot">
              {navbar}
            </Flex>
            <ProfileMenu state={state} user={loaderData.user} avatar={<Avatar name={loaderData.user.name} size={36} />} />
          </Flex>
        </header>
      </Box>
      <Box asChild flexGrow="1">
        <main id="main">
          <Outlet />
        </main>
      </Box>
    </Flex>
  );
}
