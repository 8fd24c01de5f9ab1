// A field with a help text still shows its error. @rjsf/antd's field template gives antd's
// Form.Item the help text *or* the errors, so a field with help (most dates, addresses and
// uploads of the CMS) turned red without saying why: a broken cross-field rule or a server
// refusal was invisible. Here an erroneous field shows its errors, then its help text.
import { Templates } from '@rjsf/antd';
import type { FieldTemplateProps } from '@rjsf/utils';

const AntdFieldTemplate = Templates.FieldTemplate!;

export function ErrorAndHelpFieldTemplate(props: FieldTemplateProps) {
  if (!props.rawHelp || !props.rawErrors?.length) return <AntdFieldTemplate {...props} />;
  return (
    <AntdFieldTemplate
      {...props}
      help={
        <>
          {props.errors}
          {props.help}
        </>
      }
    />
  );
}
