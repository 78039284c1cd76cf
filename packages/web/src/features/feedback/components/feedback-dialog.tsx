import { FEEDBACK_MESSAGES, FEEDBACK_TEXT_MAX, FEEDBACK_TYPE_LABELS, FEEDBACK_TYPES, type FeedbackType } from '@citable/contract';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useToast } from '../../../components/toast/use-toast';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { SelectField, TextAreaField } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { submitFeedback } from '../api/feedback-api';
import { RatingGroup } from './rating-group';

interface FeedbackDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The feedback dialog (spec 002 §2.12): type, two ratings, required text; the plan is added by the server. */
export function FeedbackDialog({ open, onOpenChange }: FeedbackDialogProps) {
  const [feedbackType, setFeedbackType] = useState<FeedbackType>('general');
  const [satisfaction, setSatisfaction] = useState<number | null>(null);
  const [valueRating, setValueRating] = useState<number | null>(null);
  const [text, setText] = useState('');
  const toast = useToast();
  const submit = useMutation({
    mutationFn: submitFeedback,
    onSuccess: () => {
      toast.show({ type: 'success', ...FEEDBACK_MESSAGES.thanks });
      setFeedbackType('general');
      setSatisfaction(null);
      setValueRating(null);
      setText('');
      onOpenChange(false);
    },
  });
  const complete = text.trim() !== '' && satisfaction !== null && valueRating !== null;

  const send = (event: FormEvent) => {
    event.preventDefault();
    if (!complete || submit.isPending) return;
    submit.mutate({ feedbackType, satisfaction, valueRating, feedbackText: text });
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next) submit.reset();
        onOpenChange(next);
      }}
      title="Give Feedback"
      description="Tell us what works, what does not and what you would like next."
      testId="feedback-dialog"
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" form="feedback-form" disabled={!complete || submit.isPending} data-testid="feedback-submit">
            {submit.isPending ? 'Sending…' : 'Send Feedback'}
          </Button>
        </>
      }
    >
      <form id="feedback-form" onSubmit={send} className="space-y-5">
        <SelectField label="Feedback type" value={feedbackType} onChange={(event) => setFeedbackType(event.target.value as FeedbackType)} data-autofocus data-testid="feedback-type">
          {FEEDBACK_TYPES.map((type) => (
            <option key={type} value={type}>
              {FEEDBACK_TYPE_LABELS[type]}
            </option>
          ))}
        </SelectField>
        <RatingGroup legend="How satisfied are you with Citable?" low="not satisfied" high="very satisfied" value={satisfaction} onChange={setSatisfaction} name="satisfaction" />
        <RatingGroup legend="How much value does it give you?" low="little value" high="a lot of value" value={valueRating} onChange={setValueRating} name="value-rating" />
        <TextAreaField label="Your feedback" rows={5} maxLength={FEEDBACK_TEXT_MAX} required value={text} onChange={(event) => setText(event.target.value)} data-testid="feedback-text" />
        {submit.isError ? <Alert tone="error">{FEEDBACK_MESSAGES.submitFailed}</Alert> : null}
      </form>
    </Modal>
  );
}
