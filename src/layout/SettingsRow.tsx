import type { ReactNode } from 'react';

export interface SettingsRowProps {
  label: string;
  children: ReactNode;
}

/** One setting of the settings panel: its name on the left, its control on the right. */
export function SettingsRow({ label, children }: SettingsRowProps) {
  return (
    <div className="settings-row">
      <span>{label}</span>
      {children}
    </div>
  );
}
