/**
 * Names inside public/assets/runtimes/orliverse_rive.riv, shared by the generator and
 * the client component. Kept apart from the writer so the browser bundle stays tiny.
 */
export const AVATAR_RIV_URL = "/assets/runtimes/orliverse_rive.riv";
export const AVATAR_ARTBOARD = "Avatar";
export const AVATAR_ANIMATION = "Idle";
export const AVATAR_STATE_MACHINE = "State Machine 1";
/** The artboard is a square of this many units; the avatar scales it to its box. */
export const AVATAR_ARTBOARD_SIZE = 100;
