/**
 * Whether the page offers the animated avatar at all. The shell turns it off
 * for a request that carries `Save-Data: on` (app/lib/save-data.ts): the
 * server then renders every <Avatar> still, and the browser never considers
 * loading Rive. Outside a provider the animation is offered, and each
 * <Avatar> still asks the device (reduced motion, Data Saver) before loading it.
 */
import { createContext, useContext } from "react";

const AvatarAnimationOffered = createContext(true);

export const AvatarAnimationProvider = AvatarAnimationOffered.Provider;

export function useAvatarAnimationOffered(): boolean {
  return useContext(AvatarAnimationOffered);
}
