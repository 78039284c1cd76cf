import type { ApiKeyCreated } from '../api/api-keys';
import { SecretOnce } from '../../../components/secret-once';

/** The secret of a key just created: shown once, with a copy button, until the user dismisses it. */
export function NewKeySecret({ created, onDone }: { created: ApiKeyCreated; onDone: () => void }) {
  return (
    <SecretOnce
      message={`Key "${created.name}" created. Copy it now: it will not be shown again.`}
      secret={created.secret}
      copyLabel="Copy the API key"
      testId="api-key-secret"
      onDone={onDone}
    />
  );
}
