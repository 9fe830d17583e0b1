import { Outlet, type ShouldRevalidateFunctionArgs, useNavigation } from "react-router";
import { Avatar } from "~/components/avatar/avatar";
import { AvatarAnimationProvider } from "~/components/avatar/avatar-animation";
import { Logo } from "~/components/layout/logo";
import type { ProfileState } from "~/components/layout/profile-area";
import { ProfileMenu } from "~/components/layout/profile-menu";
import { useNavbarSlot } from "~/lib/navbar-slot";
import { asksToSaveData } from "~/lib/save-data";
import { homePathFor, serializeCurrentUser } from "~/server/auth/current-user.server";
import { getRequestAuth, requireUser } from "~/server/auth/guards.server";
import type { Route } from "./+types/shell";

/** Every signed-in screen: the header (logo, navbar slot, profile area) and the page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const { loaded } = await getRequestAuth(request, context);
  return {
    user: serializeCurrentUser(user),
    userError: loaded?.error ?? null,
    homePath: homePathFor(user),
    // A browser saving data is not offered the animated avatar (its runtime is 0.8 MB).
    offerAvatarAnimation: !asksToSaveData(request.headers),
  };
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
  // Plain elements with Radix Themes' classes: this header is on every signed-in page (radix-classes.ts).
  return (
    <AvatarAnimationProvider value={loaderData.offerAvatarAnimation}>
      <div style={{ "--min-height": "100vh" } as React.CSSProperties} className="rt-Flex rt-r-fd-column rt-r-min-h">
        <header className="rt-Box app-header no-print">
          <div className="rt-Flex rt-r-ai-center rt-r-jc-space-between rt-r-gap-4 rt-r-px-3 sm:rt-r-px-5 rt-r-py-2 page-container">
            <Logo to={loaderData.homePath} />
            <div className="rt-Flex rt-r-ai-center rt-r-jc-center rt-r-fg-1 navbar-slot">{navbar}</div>
            <ProfileMenu
              state={state}
              user={loaderData.user}
              avatar={<Avatar name={loaderData.user.name} size={36} />}
            />
          </div>
        </header>
        <main id="main" className="rt-Box rt-r-fg-1">
          <Outlet />
        </main>
      </div>
    </AvatarAnimationProvider>
  );
}
