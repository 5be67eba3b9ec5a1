import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { useSessionService } from "./session-context.tsx";

/** Signs out on the server, then shows the login page. */
export function useSignOut() {
  const session = useSessionService();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);

  async function signOut() {
    setSigningOut(true);
    try {
      await session.signOut();
      await navigate({ to: "/login" });
    } catch {
      // The API client already showed the error toast; the user stays signed in.
    } finally {
      setSigningOut(false);
    }
  }

  return { signOut, signingOut };
}
