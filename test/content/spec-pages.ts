// The requirement, copied as data from the site spec (section 2, "Categories and pages" and "Sidebar
// membership", with `{provider}-` = `aws-`) and from the content brief (twins, retired services). It is
// deliberately NOT derived from the content folder: the content test checks the folder against it.

export const LOCALES = ['pt-BR', 'en', 'es'] as const;
export type Locale = (typeof LOCALES)[number];

/** Spec section 2, "Categories and pages": category → pages, in sidebar order. */
export const SPEC_CATEGORIES: Readonly<Record<string, readonly string[]>> = {
  ai: ['aws-augmented-ai', 'aws-lookout-for-metrics', 'aws-q', 'aws-titan', 'bedrock'],
  analytics: ['athena', 'data-exchange', 'emr', 'glue', 'kinesis-data-firehose', 'kinesis-data-streams', 'msk', 'opensearch', 'quicksight', 'redshift'],
  'application-integration': ['appsync', 'eventbridge', 'lake-formation', 'sns', 'sqs', 'swf'],
  compute: ['app-runner', 'appstream', 'batch', 'ec2', 'ec2-auto-scaling', 'ec2-image-builder', 'elastic-beanstalk', 'lambda', 'lightsail', 'outposts', 'serverless-application-repository'],
  containers: ['app-mesh', 'ecr', 'ecs', 'eks', 'fargate'],
  'cost-management': ['billing-conductor', 'bills', 'budgets', 'cost-and-usage-report', 'cost-explorer', 'reserved-instance-reporting'],
  database: ['aurora', 'documentdb', 'dynamodb', 'elasticache', 'keyspaces', 'neptune', 'rds'],
  'developer-tools': ['amplify', 'apprunner', 'cloud9', 'codebuild', 'codecommit', 'codedeploy', 'codepipeline', 'codestar', 'workspaces', 'xray'],
  framework: ['caf', 'well-architected-framework'],
  'front-end': ['amplify', 'api-gateway', 'appsync', 'device-farm'],
  hybrid: ['aws-local-zones', 'aws-wavelength', 'outposts'],
  iot: ['freertos', 'iot-core', 'iot-events', 'iot-greengrass'],
  'machine-learning': ['comprehend', 'deepracer', 'forecast', 'kendra', 'lex', 'macie', 'personalize', 'polly', 'rekognition', 'sagemaker', 'textract', 'transcribe', 'translate'],
  management: ['aws-opsworks', 'aws-service-catalog', 'cloudformation', 'cloudtrail', 'cloudwatch', 'config', 'health-dashboard', 'license-manager', 'management-console', 'opsworks', 'organizations', 'systems-manager', 'trusted-advisor'],
  migration: ['aws-application-discovery-service', 'datasync', 'dms', 'migration-hub', 'transfer-family'],
  networking: ['aws-global-accelerator', 'aws-network-firewall', 'cloudfront', 'direct-connect', 'elb', 'privatelink', 'route53', 'transit-gateway', 'vpc'],
  security: ['aws-detective', 'aws-access-analyzer', 'aws-control-tower', 'aws-iam-identity-center', 'certificate-manager', 'cloudhsm', 'directory-service', 'firewall-manager', 'guard-duty', 'iam', 'identity-center', 'inspector', 'kms', 'secrets-manager', 'security-hub', 'shield', 'waf'],
  serverless: ['lambda', 'step-functions'],
  storage: ['aws-s3-glacier-deep-archive', 'aws-s3-storage-lens', 'backup', 'ebs', 'efs', 'fsx-lustre', 'fsx-windows', 'glacier', 'glacier-deep-archive', 's3', 'snowball', 'storage-gateway'],
};

/** The docs outside the categories: spec "getting-started also has the contributing page; intro and test stand alone". */
export const OTHER_DOCS = ['intro', 'test', 'getting-started/index', 'getting-started/contributing'] as const;

/** Category pages that are guides, not services: they follow their own outline (content brief, helper G). */
export const NON_SERVICE_PAGES: ReadonlySet<string> = new Set(['framework/caf', 'framework/well-architected-framework']);

/** Spec section 2, "Sidebar membership": the pages with no sidebar entry (`sidebar: false`). */
export const NO_SIDEBAR: ReadonlySet<string> = new Set([
  'intro',
  'test',
  'compute/lambda',
  'compute/outposts',
  'management/opsworks',
  // "all networking pages except the two with the {provider}- prefix"
  'networking/cloudfront',
  'networking/direct-connect',
  'networking/elb',
  'networking/privatelink',
  'networking/route53',
  'networking/transit-gateway',
  'networking/vpc',
  'security/certificate-manager',
  'security/cloudhsm',
  'security/directory-service',
  'security/firewall-manager',
  'security/guard-duty',
  'security/iam',
  'security/identity-center',
  'security/inspector',
  'security/kms',
  'security/secrets-manager',
  'security/security-hub',
  'security/shield',
  'security/waf',
  'storage/backup',
  'storage/ebs',
  'storage/efs',
  'storage/fsx-lustre',
  'storage/fsx-windows',
  'storage/glacier',
  'storage/glacier-deep-archive',
  'storage/s3',
  'storage/snowball',
  'storage/storage-gateway',
]);

/** Content brief, "Twins": one service, two category pages, each from its own angle, linking to each other. */
export const TWINS: readonly (readonly [string, string])[] = [
  ['compute/lambda', 'serverless/lambda'],
  ['compute/outposts', 'hybrid/outposts'],
  ['developer-tools/amplify', 'front-end/amplify'],
  ['application-integration/appsync', 'front-end/appsync'],
  ['compute/app-runner', 'developer-tools/apprunner'],
  ['storage/glacier-deep-archive', 'storage/aws-s3-glacier-deep-archive'],
  ['security/identity-center', 'security/aws-iam-identity-center'],
  ['management/opsworks', 'management/aws-opsworks'],
];

/**
 * Services AWS has retired, closed to new customers or scheduled for end of support (content brief, "Retired
 * or closing services", plus the reviewer's checked additions). Each page opens with a `:::warning`.
 */
export const RETIRED_PAGES: ReadonlySet<string> = new Set([
  'ai/aws-augmented-ai', // SageMaker A2I no longer open to new customers (SageMaker developer guide notice, no date given)
  'ai/aws-lookout-for-metrics', // closed 10 Oct 2024, end of support 9–10 Oct 2025
  'ai/aws-q', // Amazon Q Business closed to new customers 31 Jul 2026 (Amazon Quick replaces it)
  'compute/app-runner', // closed to new customers 30 Apr 2026
  'developer-tools/apprunner', // twin of compute/app-runner
  'containers/app-mesh', // closed 24 Sep 2024, end of support 30 Sep 2026
  'developer-tools/cloud9', // closed to new customers 25 Jul 2024
  'developer-tools/codestar', // projects discontinued 31 Jul 2024
  'iot/iot-events', // end of support 20 May 2026
  'machine-learning/forecast', // closed to new customers 29 Jul 2024
  'machine-learning/kendra', // closed to new customers 30 Jul 2026
  'management/opsworks', // Stacks end of life 26 May 2024
  'management/aws-opsworks', // all OpsWorks flavours ended in 2024
  'migration/migration-hub', // closed to new customers 7 Nov 2025
  'migration/aws-application-discovery-service', // closed to new customers with Migration Hub
  'storage/glacier', // original vault-based service closed to new customers 15 Dec 2025
  'storage/snowball', // Snowball Edge closed to new customers 7 Nov 2025
]);

export function specDocIds(): string[] {
  const ids: string[] = [];
  for (const [category, pages] of Object.entries(SPEC_CATEGORIES)) for (const page of pages) ids.push(`${category}/${page}`);
  return [...ids, ...OTHER_DOCS];
}

export function servicePageIds(): string[] {
  return specDocIds().filter((id) => id.includes('/') && !id.startsWith('getting-started/') && !NON_SERVICE_PAGES.has(id));
}

/** 1-based position of a page in its category, as the spec lists it (the `sidebar_position` it must carry). */
export function specPosition(id: string): number | undefined {
  if (id === 'getting-started/index') return 1;
  if (id === 'getting-started/contributing') return 2;
  const [category, page] = id.split('/');
  const pages = category !== undefined ? SPEC_CATEGORIES[category] : undefined;
  if (!pages || page === undefined) return undefined;
  const i = pages.indexOf(page);
  return i >= 0 ? i + 1 : undefined;
}
