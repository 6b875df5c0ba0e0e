/** The conversation logs of the chatbot document page: conversations (100 a page) and the chosen one's exchanges. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import { CHAT_LOG_DEFAULT_LIMIT, type TChatAnswerMode } from '@sextant/shared/values';
import { chatConversationLogQuery, chatKeys, chatLogConversationsQuery, fetchChatHealth } from '../../api/chat.ts';
import { formatDateTime } from '../../lib/date-time.ts';

const MODE_KEY: Record<TChatAnswerMode, string> = {
  llm: 'logs.modeLlm',
  extractive: 'logs.modeExtractive',
  none: 'logs.modeNone',
};

export function ChatLogs() {
  const { t } = useTranslation('chat');
  const [page, setPage] = useState(0);
  const [chosen, setChosen] = useState<string | null>(null);
  const limit = CHAT_LOG_DEFAULT_LIMIT;
  const conversations = useQuery(chatLogConversationsQuery(limit, page * limit));
  const health = useQuery({ queryKey: chatKeys.health(), queryFn: fetchChatHealth, retry: false });
  const exchanges = useQuery({ ...chatConversationLogQuery(chosen ?? ''), enabled: chosen !== null });
  const items = conversations.data?.items ?? [];

  return (
    <Box
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'minmax(260px, 340px) 1fr' } }}
      data-testid="chat-logs"
    >
      <Paper variant="outlined" sx={{ display: 'flex', flexDirection: 'column', minHeight: 300 }}>
        <Box sx={{ px: 2, py: 1.25, borderBottom: 1, borderColor: 'divider' }}>
          <Typography variant="subtitle2">{t('logs.conversations')}</Typography>
          {health.data && (
            <Typography variant="caption" color="text.secondary">
              {t('logs.retention', { days: health.data.retention_days })}
            </Typography>
          )}
        </Box>
        {items.length === 0 && !conversations.isLoading && (
          <Typography color="text.secondary" sx={{ p: 2 }}>
            {t('logs.empty')}
          </Typography>
        )}
        <List dense sx={{ flex: 1, overflowY: 'auto', maxHeight: 560, py: 0 }}>
          {items.map((c) => (
            <ListItemButton
              key={c.conversation_id}
              selected={chosen === c.conversation_id}
              onClick={() => setChosen(c.conversation_id)}
              data-testid="chat-log-conversation"
              divider
            >
              <ListItemText
                primary={`${c.username ?? '—'} · ${t('logs.messages')}: ${c.message_count}`}
                secondary={`${formatDateTime(c.started_at)} → ${formatDateTime(c.last_message_at)}`}
              />
            </ListItemButton>
          ))}
        </List>
        <TablePagination
          component="div"
          count={conversations.data?.total ?? 0}
          page={page}
          rowsPerPage={limit}
          rowsPerPageOptions={[limit]}
          onPageChange={(_, p) => setPage(p)}
        />
      </Paper>
      <Paper variant="outlined" sx={{ p: 2, minHeight: 300 }}>
        {!chosen && <Typography color="text.secondary">{t('logs.select')}</Typography>}
        {chosen && (
          <Stack spacing={2} data-testid="chat-log-exchanges">
            {(exchanges.data?.items ?? [])
              .slice()
              .reverse()
              .map((m) => (
                <Box
                  key={m.id}
                  sx={{ borderLeft: 3, borderColor: 'primary.main', pl: 1.5 }}
                  data-testid="chat-log-exchange"
                >
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5, flexWrap: 'wrap' }}>
                    <Typography variant="caption" color="text.secondary">
                      {formatDateTime(m.timestamp)} · {t('logs.processingTime')}:{' '}
                      {t('logs.seconds', { value: m.processing_time.toFixed(2) })}
                      {m.token_count !== null ? ` · ${m.token_count} tokens` : ''}
                    </Typography>
                    <Chip size="small" label={t(MODE_KEY[m.mode])} />
                  </Stack>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {m.question}
                  </Typography>
                  <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', mt: 0.5 }} color="text.secondary">
                    {m.answer}
                  </Typography>
                  {m.sources.length > 0 && (
                    <Typography variant="caption" color="text.secondary">
                      {t('logs.sources')}:{' '}
                      {m.sources.map((s) => (s.page ? `${s.source} (${s.page})` : s.source)).join(', ')}
                    </Typography>
                  )}
                </Box>
              ))}
          </Stack>
        )}
      </Paper>
    </Box>
  );
}
