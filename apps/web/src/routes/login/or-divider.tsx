/** The "or" between the SSO button and the other ways to sign in (login-page.tsx loads it when the server offers SSO). */
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';

export function OrDivider({ label }: { label: string }) {
  return (
    <Divider>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
    </Divider>
  );
}
