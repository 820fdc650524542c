import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { conversationLimits } from '@parley/contracts/conversations';

interface CloseChatDialogProps {
  opened: boolean;
  loading: boolean;
  onSubmit: (feedback: string) => void;
  onClose: () => void;
}

/** Closes the chat with the agent's feedback (platform §4.2). */
export function CloseChatDialog({ opened, loading, onSubmit, onClose }: CloseChatDialogProps) {
  const [feedback, setFeedback] = useState('');
  const handleClose = () => {
    setFeedback('');
    onClose();
  };
  return (
    <Modal opened={opened} onClose={handleClose} title="Close Chat" centered>
      <Stack gap="sm">
        <Text size="sm">The customer's next message starts a new chat.</Text>
        <Textarea
          label="Feedback"
          description="How the chat ended, for the record"
          maxLength={conversationLimits.feedbackMax}
          autosize
          minRows={3}
          value={feedback}
          onChange={(event) => setFeedback(event.currentTarget.value)}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={handleClose} disabled={loading}>
            Cancel
          </Button>
          <Button color="red" loading={loading} onClick={() => onSubmit(feedback.trim())}>
            Close Chat
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
