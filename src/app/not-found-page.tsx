import { useNavigate, useRouterState } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { Button } from "../ui/button.tsx";
import { Logo } from "../ui/logo.tsx";

/** Any path the route table does not know: says so and links back to the timeline. */
export function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  return (
    <main
      className="flex min-h-full flex-col items-center justify-center gap-5 p-8 text-center"
      data-testid="not-found-page"
    >
      <Logo size={44} />
      <p className="text-7xl font-bold tracking-tight text-zinc-200 dark:text-zinc-800">404</p>
      <h1 className="max-w-md text-lg font-medium" data-testid="not-found-message">
        {t("notFound.message")}
      </h1>
      <p className="text-sm text-zinc-500 dark:text-zinc-400">
        {t("notFound.pathLabel")}{" "}
        <code
          className="rounded-md bg-zinc-100 px-1.5 py-0.5 font-mono text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200"
          data-testid="not-found-path"
        >
          {pathname}
        </code>
      </p>
      <Button onClick={() => navigate({ to: "/" })} data-testid="back-home">
        {t("notFound.backHome")}
      </Button>
    </main>
  );
}
