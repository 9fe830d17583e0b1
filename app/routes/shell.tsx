import { Outlet, type ShouldRevalidateFunctionArgs, useNavigation, useRouteLoaderData } from "react-router";
import { Avatar } from "~/components/avatar/avatar";
import { AvatarAnimationProvider } from "~/components/avatar/avatar-animation";
import { errorPageTitle, GeneralErrorBoundary } from "~/components/error-boundary";
import { Logo } from "~/components/layout/logo";
import type { ProfileState, ProfileUser } from "~/components/layout/profile-area";
import { ProfileMenu } from "~/components/layout/profile-menu";
import { Box, Flex } from "~/components/ui/kit";
import { useNavbarSlot } from "~/lib/navbar-slot";
import { asksToSaveData } from "~/lib/save-data";
import { homePathFor } from "~/server/auth/current-user.server";
import { getRequestAuth, requireUser } from "~/server/auth/guards.server";
import { getAppFromContext } from "~/server/context.server";
import { isEditorPreviewRequest } from "~/server/surveys/editor-preview.server";
import type { Route } from "./+types/shell";

/** Every signed-in screen: the header (logo, navbar slot, profile area) and the page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  // Storyblok's visual editor frames the survey preview with its own signed
  // link and no staff cookie (ADR 200): the page alone, no user, no header.
  if (isEditorPreviewRequest(request, getAppFromContext(context).config)) return { editorPreview: true as const };
  const user = await requireUser(request, context);
  const { loaded } = await getRequestAuth(request, context);
  return {
    // What the profile area shows and the language form's choice, nothing more: this data is in every
    // signed-in page's HTML (issue 34); the JSON API's /api/users/me-with-school returns the whole user.
    user: {
      name: user.name,
      email: user.email,
      school: user.school ? { name: user.school.name } : null,
      // Only a choice the user made: none is the school's default, then the browser's.
      ...(user.locale ? { locale: user.locale } : {}),
    } satisfies ProfileUser,
    // Only when the user could not be loaded (the profile menu says so): no key on every page (issue 34).
    ...(loaded?.error ? { userError: loaded.error } : {}),
    homePath: homePathFor(user),
    // A browser saving data is not offered the animated avatar (its runtime is 0.8 MB); said only then.
    ...(asksToSaveData(request.headers) ? { saveData: true as const } : {}),
  };
}

/** The user is reloaded after form posts (a name or password may have changed), not on every link. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod ? defaultShouldRevalidate : false;
}

export default function Shell({ loaderData }: Route.ComponentProps) {
  if ("editorPreview" in loaderData) return <EditorPreviewFrame />;
  return (
    <ShellFrame data={loaderData}>
      <Outlet />
    </ShellFrame>
  );
}

/** The survey preview inside Storyblok's visual editor: nothing of the staff screens around it. */
function EditorPreviewFrame() {
  return (
    <Box as="main" id="main">
      <Outlet />
    </Box>
  );
}

type SignedInData = Exclude<Route.ComponentProps["loaderData"], { editorPreview: true }>;

/** The header and main area around a signed-in page, or around its error panel. */
function ShellFrame({ data, children }: { data: SignedInData; children: React.ReactNode }) {
  const navigation = useNavigation();
  const navbar = useNavbarSlot();
  const reloadingUser = navigation.state === "loading" && Boolean(navigation.formMethod);
  const state: ProfileState = reloadingUser ? "loading" : data.userError ? "error" : "loaded";
  // The layout kit (kit.tsx), not Radix's components: this header is on every signed-in page.
  return (
    <AvatarAnimationProvider value={!data.saveData}>
      <Flex direction="column" minHeight="100vh">
        <Box as="header" className="app-header no-print">
          <Flex
            align="center"
            justify="between"
            gap="4"
            px={{ initial: "3", sm: "5" }}
            py="2"
            className="page-container"
          >
            <Logo to={data.homePath} />
            <Flex align="center" justify="center" grow="1" className="navbar-slot">
              {navbar}
            </Flex>
            <ProfileMenu state={state} user={data.user} avatar={<Avatar name={data.user.name} size={36} />} />
          </Flex>
        </Box>
        <Box as="main" id="main" tabIndex={-1} grow="1">
          {children}
        </Box>
      </Flex>
    </AvatarAnimationProvider>
  );
}

/** The shell's own title; pages set theirs, and an error inside the shell says which kind it is. */
export const meta: Route.MetaFunction = ({ error, matches }) => [
  { title: error ? errorPageTitle(error, matches) : "Orliverse Classroom" },
];

/**
 * An error on a signed-in page (a page's loader threw, or a 404 inside it)
 * renders here, inside the header, so the way back stays. Without the
 * shell's own data (its loader failed) there is no header to draw.
 */
export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  const loaded = useRouteLoaderData<typeof loader>("routes/shell");
  const data = loaded && "editorPreview" in loaded ? undefined : loaded;
  const panel = <GeneralErrorBoundary error={error} params={params} homeLink={homeLinkFor(data?.homePath)} />;
  return data ? <ShellFrame data={data}>{panel}</ShellFrame> : panel;
}

function homeLinkFor(homePath: string | undefined) {
  return homePath ? { to: homePath, label: "Go to my home page" } : undefined;
}
