from tests.web.helpers import add_quick, start_match


def test_a_match_from_start_to_a_hand(client):
    assert client.get("/").status_code == 200
    view_id = start_match(client)
    page = client.get(f"/m/{view_id}")
    assert page.status_code == 200
    response = add_quick(client, view_id, knocker=0, k=5, d=20)
    assert response.status_code == 302, response.get_data(as_text=True)[:3000]
    page = client.get(f"/m/{view_id}").get_data(as_text=True)
    assert 'data-testid="total-0">15<' in page
