import {
  associationDecisionBodySchema,
  messageResponseSchema,
  projectAdminSchema,
  projectCloneBodySchema,
  projectCreateBodySchema,
  projectDocumentSchema,
  projectExtendBodySchema,
  projectImageSchema,
  projectImpactBodySchema,
  projectImpactSchema,
  projectPostSchema,
  projectReturnBodySchema,
  projectSchema,
  projectStatusBodySchema,
  projectSummarySchema,
  projectUpdateBodySchema,
  projectUpdatePostBodySchema,
} from '@kindred/shared';
import { z } from 'zod';
import { readUpload } from '../../lib/uploads.js';
import {
  created,
  idParam,
  idParams,
  moduleRoutes,
  paged,
  routeOptions,
} from '../../platform/route-helpers.js';
import { currentUser } from '../../plugins/auth.js';

const items = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item) });

const route = routeOptions(['project']);
const charityRoute = routeOptions(['charity']);
const adminRoute = routeOptions(['admin']);

export const projectsRoutes = moduleRoutes(
  async (
    app,
    { projects, projectEditing, projectLifecycle, projectAssociations, projectContent: content },
  ) => {
    app.post(
      '/project/create',
      route.user(
        'Create a Draft project for a charity (charity_id), an organisation (business_id) or yourself',
        { body: projectCreateBodySchema, makes: projectSchema },
        { scope: 'projects:write' },
      ),
      async (request, reply) => created(reply, projectEditing.create(request.body, currentUser(request))),
    );

    app.get(
      '/project/individual',
      route.user('Projects I own or run', { ...paged(projectSchema) }),
      async (request) => projects.mine(currentUser(request).id, request.query),
    );

    app.get(
      '/project/business/:id',
      route.user("An organisation's projects", { params: idParams(), ...paged(projectSchema) }),
      async (request) => projects.ofBusiness(request.params.id, request.query, currentUser(request)),
    );

    app.get(
      '/project/:id',
      route.public('A project (Drafts and Cancelled ones only for those who run them)', {
        params: idParams(),
        answers: projectSchema,
      }),
      async (request) => projects.get(request.params.id, request.auth),
    );

    app.patch(
      '/project/:id',
      route.user(
        'Edit a Draft or Live project',
        { params: idParams(), body: projectUpdateBodySchema, answers: projectSchema },
        { scope: 'projects:write' },
      ),
      async (request) => projectEditing.update(request.params.id, request.body, currentUser(request)),
    );

    app.delete(
      '/project/:id',
      route.user('Delete a Draft project', { params: idParams(), answers: messageResponseSchema }),
      async (request) => projectEditing.remove(request.params.id, currentUser(request)),
    );

    app.patch(
      '/project/update/:id',
      route.user(
        'Move a project to another status: 2 publish, 3 complete, 0 cancel, 9 finish (others answer 409)',
        { params: idParams(), body: projectStatusBodySchema, answers: projectSchema },
        { scope: 'projects:write' },
      ),
      async (request) => projectLifecycle.move(request.params.id, request.body.status, currentUser(request)),
    );

    app.get(
      '/project/:id/summary',
      route.public('Progress of a project toward each need', {
        params: idParams(),
        answers: projectSummarySchema,
      }),
      async (request) => projects.summary(request.params.id, request.auth),
    );

    app.post(
      '/project/clone',
      route.user('Copy a project into a new Draft', { body: projectCloneBodySchema, makes: projectSchema }),
      async (request, reply) =>
        created(reply, projectEditing.clone(request.body.project_id, currentUser(request))),
    );

    app.post(
      '/project/:id/complete',
      route.user("Complete a Live project: its funds move to the charity's funds", {
        params: idParams(),
        answers: projectSchema,
      }),
      async (request) => projectLifecycle.complete(request.params.id, currentUser(request)),
    );

    app.post(
      '/project/:id/cancel',
      route.user('Cancel a Draft or Live project: donors get their funds back', {
        params: idParams(),
        answers: projectSchema,
      }),
      async (request) => projectLifecycle.cancel(request.params.id, currentUser(request)),
    );

    app.patch(
      '/project/extend/:id',
      route.user(
        'Move the end date of a Live project, or one Finished by its end date, later: it is Live again',
        { params: idParams(), body: projectExtendBodySchema, answers: projectSchema },
      ),
      async (request) =>
        projectLifecycle.extend(request.params.id, request.body.end_date, currentUser(request)),
    );

    app.post(
      '/project/updates',
      route.user('Post an update on a project', {
        body: projectUpdatePostBodySchema,
        makes: projectPostSchema,
      }),
      async (request, reply) => created(reply, content.addUpdate(request.body, currentUser(request))),
    );

    app.get(
      '/project/updates/:id',
      route.public("A project's updates, newest first", { params: idParams(), ...paged(projectPostSchema) }),
      async (request) => content.updates(request.params.id, request.auth, request.query),
    );

    app.post(
      '/project/:id/impact',
      route.user('Publish an impact statement: a Live or Completed project becomes Finished', {
        params: idParams(),
        body: projectImpactBodySchema,
        makes: projectImpactSchema,
      }),
      async (request, reply) =>
        created(reply, content.addImpact(request.params.id, request.body, currentUser(request))),
    );

    app.get(
      '/project/:id/impact',
      route.public("A project's impact statements", {
        params: idParams(),
        answers: items(projectImpactSchema),
      }),
      async (request) => content.impacts(request.params.id, request.auth),
    );

    app.post(
      '/project/:id/impact/image',
      route.user('Add a picture to the latest impact statement (PNG or JPEG, 20 MB)', {
        consumes: ['multipart/form-data'],
        params: idParams(),
        answers: projectImpactSchema,
      }),
      async (request) =>
        content.addImpactImage(request.params.id, () => readUpload(request, 'gallery'), currentUser(request)),
    );

    app.post(
      '/project/logo/:id',
      route.user("Upload a project's logo (PNG or JPEG, 10 MB)", {
        consumes: ['multipart/form-data'],
        params: idParams(),
        answers: projectSchema,
      }),
      async (request) =>
        content.setLogo(request.params.id, () => readUpload(request, 'logo'), currentUser(request)),
    );

    app.post(
      '/project/image/:id',
      route.user("Add a picture to a project's gallery (PNG or JPEG, 20 MB)", {
        consumes: ['multipart/form-data'],
        params: idParams(),
        makes: projectImageSchema,
      }),
      async (request, reply) =>
        created(
          reply,
          content.addImage(
            request.params.id,
            () => readUpload(request, 'gallery'),
            null,
            currentUser(request),
          ),
        ),
    );

    app.get(
      '/project/:id/images',
      route.public("A project's gallery", { params: idParams(), answers: items(projectImageSchema) }),
      async (request) => content.images(request.params.id, request.auth),
    );

    app.delete(
      '/project/galery/:id/:image_id',
      route.user('Delete a gallery picture', {
        params: idParams('id', 'image_id'),
        answers: messageResponseSchema,
      }),
      async (request) =>
        content.removeImage(request.params.id, request.params.image_id, currentUser(request)),
    );

    app.post(
      '/project/document/:id',
      route.user('Add a document to a project (text, PDF, Word, PowerPoint or Excel; 20 MB)', {
        consumes: ['multipart/form-data'],
        params: idParams(),
        makes: projectDocumentSchema,
      }),
      async (request, reply) =>
        created(
          reply,
          content.addDocument(request.params.id, () => readUpload(request, 'document'), currentUser(request)),
        ),
    );

    app.get(
      '/project/:id/documents',
      route.public("A project's documents", { params: idParams(), answers: items(projectDocumentSchema) }),
      async (request) => content.documents(request.params.id, request.auth),
    );

    app.delete(
      '/project/document/:charity_id/:id/:document_id',
      route.user("Delete a project document (charity_id is the project's charity, 0 when it has none)", {
        params: z.object({ charity_id: z.coerce.number().int().min(0), id: idParam, document_id: idParam }),
        answers: messageResponseSchema,
      }),
      async (request) =>
        content.removeDocument(
          request.params.charity_id,
          request.params.id,
          request.params.document_id,
          currentUser(request),
        ),
    );

    app.get(
      '/project/admins/:id',
      route.user("A project's admins", { params: idParams(), answers: items(projectAdminSchema) }),
      async (request) => projectEditing.admins(request.params.id, currentUser(request)),
    );

    app.delete(
      '/membership/project/:project_id/:user_id',
      route.user('Remove a project admin (or step down yourself)', {
        params: idParams('project_id', 'user_id'),
        answers: messageResponseSchema,
      }),
      async (request) =>
        projectEditing.removeAdmin(request.params.project_id, request.params.user_id, currentUser(request)),
    );

    app.get(
      '/charity/projects/:id',
      charityRoute.user("A charity's projects, newest first", {
        params: idParams(),
        ...paged(projectSchema),
      }),
      async (request) =>
        projects.charityProjects(request.params.id, undefined, request.query, currentUser(request)),
    );

    app.get(
      '/charity/projects/:id/:status',
      charityRoute.user("A charity's projects in one status", {
        params: z.object({
          id: idParam,
          status: z.coerce
            .number()
            .int()
            .pipe(z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(9)])),
        }),
        ...paged(projectSchema),
      }),
      async (request) =>
        projects.charityProjects(
          request.params.id,
          request.params.status,
          request.query,
          currentUser(request),
        ),
    );

    app.get(
      '/charity/:id/expired_projects',
      charityRoute.user('Projects Finished because their end date passed (they can be extended)', {
        params: idParams(),
        ...paged(projectSchema),
      }),
      async (request) => projects.expired(request.params.id, request.query, currentUser(request)),
    );

    app.post(
      '/project/associate/:project_id/:charity_id',
      route.user('Ask a charity to take a Draft project of yours', {
        params: idParams('project_id', 'charity_id'),
        answers: projectSchema,
      }),
      async (request) =>
        projectAssociations.associate(
          request.params.project_id,
          request.params.charity_id,
          currentUser(request),
        ),
    );

    app.get(
      '/charity/associated_requests/:id',
      charityRoute.user('Projects asking the charity to take them', {
        params: idParams(),
        ...paged(projectSchema),
      }),
      async (request) =>
        projectAssociations.associationRequests(request.auth, request.params.id, request.query),
    );

    for (const [path, accept] of [
      ['/charity/associated_approve', true],
      ['/charity/associated_reject', false],
    ] as const) {
      app.post(
        path,
        charityRoute.user(accept ? 'Accept a project into the charity' : 'Turn down a project', {
          body: associationDecisionBodySchema,
          answers: projectSchema,
        }),
        async (request) =>
          projectAssociations.decideAssociation(
            request.body.project_id,
            request.body.charity_id,
            accept,
            currentUser(request),
          ),
      );
    }

    app.post(
      '/admin/return',
      adminRoute.user('Return a Live project to its charity as a Draft, with the reason', {
        body: projectReturnBodySchema,
        answers: projectSchema,
      }),
      async (request) =>
        projectLifecycle.returnToCharity(request.auth, request.body.project_id, request.body.reason),
    );
  },
);
