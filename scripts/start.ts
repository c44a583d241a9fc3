// `npm start`: runs the blog service once it exists (issue 4); until then says what it will do.
process.stdout.write(
  'fw: `npm start` will run the blog-posts service from examples/blog on port 8080 ' +
    '(metrics on 9464) once the blog example lands.\n',
);
