/** /admin/issuer-manager/{issuerId}/users: the issuer's members with their Manager/Member role and domain-user flag. */
import { useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { issuerFullQuery } from '../../../api/issuers.ts';
import { useCan } from '../../../app/current-user.ts';
import { Field, FieldGrid, Section } from '../admin-ui.tsx';

export function Component() {
  const { issuerId = '' } = useParams();
  const navigate = useNavigate();
  const canOpenUsers = useCan(['UserManagement_VIEW', 'User_CRUD']);
  const q = useQuery({ ...issuerFullQuery(issuerId), meta: { operation: 'Loading issuer users' } });
  if (q.isError) return <Alert severity="error">This issuer could not be loaded.</Alert>;
  if (!q.data) return <Skeleton variant="rounded" height={240} />;
  const i = q.data;
  return (
    <Section
      title={`${i.name} — users`}
      testId="issuer-users"
      action={<Button onClick={() => navigate(`/admin/issuer-manager/${i.id}`)}>Back to issuer</Button>}
    >
      <Box sx={{ mb: 2 }}>
        <FieldGrid>
          <Field label="Members">{i.members.length}</Field>
          <Field label="Managers">{i.members.filter((m) => m.memberRole === 'Manager').length}</Field>
          <Field label="Email domains">{i.issuerEmailDomains.join(', ')}</Field>
        </FieldGrid>
      </Box>
      {i.members.length === 0 ? (
        <Typography color="text.secondary">
          This issuer has no users yet. Invite users from User Management with this issuer.
        </Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>Username</TableCell>
                <TableCell>Display name</TableCell>
                <TableCell>Role</TableCell>
                <TableCell>Domain user</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {i.members.map((m) => (
                <TableRow
                  key={m.userId}
                  hover={canOpenUsers}
                  sx={{ cursor: canOpenUsers ? 'pointer' : undefined }}
                  onClick={canOpenUsers ? () => navigate(`/admin/users/${m.userId}`) : undefined}
                >
                  <TableCell>{m.username}</TableCell>
                  <TableCell>{m.displayName}</TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      label={m.memberRole}
                      color={m.memberRole === 'Manager' ? 'primary' : 'default'}
                    />
                  </TableCell>
                  <TableCell>{m.isDomainUser ? 'Yes' : 'No'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Section>
  );
}
