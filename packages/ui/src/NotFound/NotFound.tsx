import { ButtonLink } from '../Button/Button.tsx';
import { StatusPanel } from '../StatusPanel/StatusPanel.tsx';

export interface NotFoundProps {
  title?: string;
  message?: string;
  homeTo?: string;
  homeLabel?: string;
}

/** The page for any unknown path. */
export function NotFound({
  title = 'Page Not Found',
  message = "The page you are looking for doesn't exist or has been moved.",
  homeTo = '/',
  homeLabel = 'Return to Homepage',
}: NotFoundProps) {
  return (
    <StatusPanel
      title={title}
      icon="404"
      tone="neutral"
      actions={
        <ButtonLink to={homeTo} variant="primary">
          {homeLabel}
        </ButtonLink>
      }
    >
      <p>{message}</p>
    </StatusPanel>
  );
}
