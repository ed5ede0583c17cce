# smells: empty_test
class TestTables:
    def test_pipe_tables(self):
        ...

    def test_alignment_row(self):
        # TODO: write once tables land
        pass
