import { MessageSquarePlus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { FeedbackDialog } from './feedback-dialog';

/** The overview's Give Feedback button and its dialog. */
export function GiveFeedback() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)} data-testid="give-feedback">
        <MessageSquarePlus aria-hidden="true" className="size-4" /> Give Feedback
      </Button>
      <FeedbackDialog open={open} onOpenChange={setOpen} />
    </>
  );
}
